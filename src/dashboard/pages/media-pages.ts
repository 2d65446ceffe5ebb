import type { DashboardPages } from '../dashboard.js';

export const mediaPages: DashboardPages = () => undefined;
