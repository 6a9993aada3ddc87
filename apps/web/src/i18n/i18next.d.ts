import 'i18next';
import type { Catalogs } from './index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogs;
  }
}
