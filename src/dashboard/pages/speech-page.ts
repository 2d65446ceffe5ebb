import type { DashboardPages } from '../dashboard.js';

export const speechPage: DashboardPages = () => undefined;
