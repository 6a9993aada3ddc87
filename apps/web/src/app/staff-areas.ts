/**
 * The parts of the site only the agency's staff (/admin) and its agents (/agent) open. The home page's
 * code imports this one small module rather than their chunks directly, so it does not carry the list
 * of every chunk and stylesheet those parts load (Vite writes that list where the import is).
 */
export async function loadDesk() {
  const desk = await import('../features/admin');
  await desk.loadDeskCatalogs();
  return desk.AdminApp;
}

export async function loadAgentPage() {
  const page = await import('../features/agent');
  await page.loadAgentCatalogs();
  return page.AgentPage;
}
