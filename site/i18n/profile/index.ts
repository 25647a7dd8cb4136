import { defineCatalogue, richTranslator, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * A profile (/users/[id], /users/@me): its card, order figures, customers' ratings, Audit section and subscription box.
 * The average rating is emphasis in its sentence (`<b>4.5 / 5</b>`), rendered by site/components/RichText.astro.
 */
export const profileCatalogue = defineCatalogue({
  name: 'site.profile',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['card.team', 'audit.title'] },
});

export const profileText = translator(profileCatalogue);
export const profileRichText = richTranslator(profileCatalogue);
