import common from './locales/ar/common.json';
// The form's field messages only: the API's error codes come with the first lazy route (loadNamespace).
import { close, fields, network, unexpected } from './locales/ar/errors.json';
import search from './locales/ar/search.json';

/** The first page's strings in Arabic (index.ts): one file, downloaded in that language only. */
export default { common, search, errors: { close, fields, network, unexpected } };
