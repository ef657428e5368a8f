/** The layout's chunk, one loader for the router and the route loader's preload. */
export const loadLayout = () => import('./layout/AppLayout');
