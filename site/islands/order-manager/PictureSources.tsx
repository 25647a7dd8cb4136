import { useState } from 'react';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import type { PicturePicker } from './use-picture-picker.ts';

/** The chef's own pictures: an upload, or an https link. */
export function PictureSources({ picker, id, t }: { picker: PicturePicker; id: string; t: KitchenText }) {
  const [link, setLink] = useState('');
  return (
    <div className="field is-grouped is-grouped-multiline picture-sources">
      <div className="control">
        <label className={picker.uploading ? 'button is-small is-loading' : 'button is-small'}>
          {t('picture.upload')}
          <input
            type="file"
            className="is-sr-only"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => void picker.upload(e.target.files?.[0])}
          />
        </label>
      </div>
      <div className="control is-expanded">
        <div className="field has-addons">
          <div className="control is-expanded">
            <label className="is-sr-only" htmlFor={id}>
              {t('picture.link')}
            </label>
            <input
              className="input is-small"
              id={id}
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://…/picture.png"
            />
          </div>
          <div className="control">
            <button type="button" className="button is-small" onClick={() => picker.addLink(link) && setLink('')}>
              {t('picture.addLink')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
