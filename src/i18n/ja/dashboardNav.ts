// The administrator area's navigation entry: every admin page loads it, the rest of `dashboards` only the dashboards.
export const dashboardNav = {
  label: 'ダッシュボード',
} as const;
