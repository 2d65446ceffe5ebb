import type { DashboardPages } from '../dashboard.js';

export const presetsPages: DashboardPages = () => undefined;
