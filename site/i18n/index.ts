import type { AnyCatalogue } from '../../core/i18n/catalogue.ts';
import { homeCatalogue } from './home/index.ts';
import { layoutCatalogue } from './layout/index.ts';

/** The site's catalogues (`site/i18n/<area>/<locale>.json`), checked as the plugins' are (tests/app/i18n.test.ts). */
export const SITE_CATALOGUES: readonly AnyCatalogue[] = [layoutCatalogue, homeCatalogue];
