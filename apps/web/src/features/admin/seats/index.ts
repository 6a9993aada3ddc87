// The seats screens of the desk (/admin/seats...): the agency's own seats, one lazy chunk.
export { SeatsImportPage } from './seats-import-page';
export { SeatsPage } from './seats-page';
export { ManifestPage } from './manifest-page';
