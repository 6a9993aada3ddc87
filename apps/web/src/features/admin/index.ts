export { AdminApp } from './admin-app';
export { loadDeskCatalogs } from './desk-catalogs';
