import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { AgentWithUser } from './agents-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in agent, set by requireAgent for the /agent routes; null elsewhere. */
    agent: AgentWithUser | null;
  }
}

/**
 * The pre-handler of every /agent route: 401 without a live session, 403 NOT_AN_AGENT for a staff
 * session (agents sign in as travellers) and for a traveller who is not an active agent.
 */
export function requireAgent(activeAgentOf: (userId: string) => Promise<AgentWithUser | undefined>) {
  return async (request: FastifyRequest) => {
    const auth = request.auth;
    if (!auth) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
    const agent = auth.kind === 'traveller' ? await activeAgentOf(auth.userId) : undefined;
    if (!agent) throw new AppError(403, 'NOT_AN_AGENT', 'This account is not an agent of the agency');
    request.agent = agent;
  };
}
