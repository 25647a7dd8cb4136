import type { KitchenText } from '../../i18n/kitchen/index.ts';
import type { PicturePicker } from './use-picture-picker.ts';

/** Prepare's picture search: Enter or Search looks again. */
export function PictureSearch({ picker, id, t }: { picker: PicturePicker; id: string; t: KitchenText }) {
  return (
    <div className="field has-addons">
      <div className="control is-expanded">
        <label className="is-sr-only" htmlFor={id}>
          {t('picture.search')}
        </label>
        <input
          className="input"
          id={id}
          value={picker.query}
          maxLength={100}
          onChange={(e) => picker.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void picker.search(picker.query);
          }}
          placeholder={t('picture.search')}
        />
      </div>
      <div className="control">
        <button
          type="button"
          className={picker.searching ? 'button is-loading' : 'button'}
          onClick={() => void picker.search(picker.query)}
        >
          {t('picture.searchButton')}
        </button>
      </div>
    </div>
  );
}
