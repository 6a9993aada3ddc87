import common from './locales/en/common.json';
// The form's field messages only: the API's error codes come with the first lazy route (loadNamespace).
import { close, fields, network, unexpected } from './locales/en/errors.json';
import search from './locales/en/search.json';

/** The first page's strings in English (index.ts): one file, downloaded in that language only. */
export default { common, search, errors: { close, fields, network, unexpected } };
