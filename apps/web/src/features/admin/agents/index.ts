// The agents screen of the desk (/admin/agents).
export { AgentsPage } from './agents-page';
