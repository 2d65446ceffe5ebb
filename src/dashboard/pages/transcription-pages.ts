import type { DashboardPages } from '../dashboard.js';

export const transcriptionPages: DashboardPages = () => undefined;
