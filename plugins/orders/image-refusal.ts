import { DomainError } from '../../core/errors.ts';
import { httpCatalogue } from '../../core/http/i18n/index.ts';
import { schemaWordingFrom } from '../../core/i18n/catalogue.ts';
import { withSchemaWording } from '../../core/shared/schema-words.ts';
import { ordersCatalogue } from './i18n/index.ts';
import { type ImageUrlRules, imageUrlProblem } from './schemas.ts';

/** The image rule's words: this plugin's `schema.imageUrl.*`, and core's for what a host is (`host.*`). */
const wordingIn = schemaWordingFrom([ordersCatalogue, httpCatalogue]);

/**
 * An order or food lookup image the rule refuses (schemas.ts `imageUrlProblem`), as a 400 in every language: the
 * rule run again with its words in the reader's; null when the image is accepted.
 */
export function imageUrlRefusal(url: string, rules: ImageUrlRules): DomainError | null {
  const problem = imageUrlProblem(url, rules);
  if (!problem) return null;
  return new DomainError(
    'bad_request',
    problem,
    undefined,
    (locale) => withSchemaWording(wordingIn(locale), () => imageUrlProblem(url, rules)) ?? problem,
  );
}
