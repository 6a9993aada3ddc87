// The notices screen of the desk (/admin/notices): what travellers of a route, an airport or an airline read before paying.
export { NoticesPage } from './notices-page';
