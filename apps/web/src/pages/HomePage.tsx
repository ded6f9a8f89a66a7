// The home page is the dashboard of the signed-in user's reach.
export { default } from '../areas/dashboard/DashboardPage';
