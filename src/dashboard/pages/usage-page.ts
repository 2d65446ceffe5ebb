import type { DashboardPages } from '../dashboard.js';

export const usagePage: DashboardPages = () => undefined;
