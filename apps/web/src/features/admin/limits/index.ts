// The limits screen of the desk (/admin/limits): the caps on unpaid holds and the lifts staff grant.
export { LimitsPage } from './limits-page';
