/**
 * The signed-in home, in a module of its own: the login page needs the path without the route table
 * (and its icons and record declarations) that `routes.tsx` builds.
 */
export const HOME_PATH = '/home';
