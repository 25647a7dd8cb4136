import type { PicturePicker } from './use-picture-picker.ts';

/** Prepare's picture search: Enter or Search looks again. */
export function PictureSearch({ picker, id }: { picker: PicturePicker; id: string }) {
  return (
    <div className="field has-addons">
      <div className="control is-expanded">
        <label className="is-sr-only" htmlFor={id}>
          Search pictures
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
          placeholder="Search pictures"
        />
      </div>
      <div className="control">
        <button
          type="button"
          className={picker.searching ? 'button is-loading' : 'button'}
          onClick={() => void picker.search(picker.query)}
        >
          Search
        </button>
      </div>
    </div>
  );
}
