// Public surface of the changelog feature: one lazy chunk with marked, DOMPurify and the `changelog` strings.
export { ChangelogPage } from './changelog-page';
