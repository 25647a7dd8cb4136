import { MAX_IMAGES } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import type { PicturePicker } from './use-picture-picker.ts';

/** The pictures found, offered and picked (1 to 3), each a checkbox drawn as the picture itself. */
export function PictureChoices({ picker, t }: { picker: PicturePicker; t: KitchenText }) {
  const { results, selected, searching, toggle } = picker;
  return (
    <fieldset>
      <legend className="label">{t('picture.legend', { count: selected.length, max: MAX_IMAGES })}</legend>
      {results.length === 0 && !searching && <p className="help">{t('picture.none')}</p>}
      <div className="image-picker">
        {results.map((result) => (
          <label
            key={result.url}
            className={selected.includes(result.url) ? 'image-choice is-selected' : 'image-choice'}
          >
            <input
              type="checkbox"
              className="is-sr-only"
              checked={selected.includes(result.url)}
              onChange={() => toggle(result.url)}
            />
            <img src={result.url} alt={result.label} width="88" height="88" loading="lazy" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
