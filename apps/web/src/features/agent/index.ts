// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
// NativeSelect's chevron is one of Combobox's parts.
import '@mantine/core/styles/Combobox.layer.css';
// An agent's own page (/agent): one lazy chunk with the `agent` strings.
export { AgentPage } from './pages/agent-page';
export { loadAgentCatalogs } from './agent-catalogs';
