/**
 * The agency desk's contracts (/api/v1/admin/... and /api/v1/agent/...): a separate entry so the
 * traveller's pages never bundle them.
 */
export * from './admin/common.js';
export * from './admin/staff.js';
export * from './admin/bookings.js';
export * from './admin/desk.js';
export * from './admin/rates.js';
export * from './admin/agents.js';
export * from './admin/dashboard.js';
export * from './admin/limits.js';
export * from './admin/trial-mode.js';
export * from './admin/notices.js';
export * from './admin/allotments.js';
