import type { DashboardPages } from '../dashboard.js';

export const botPages: DashboardPages = () => undefined;
