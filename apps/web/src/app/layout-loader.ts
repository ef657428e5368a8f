/** The layout's chunk, one loader for the router and the route loader's preload. */
export const loadLayout = () => import('./layout/AppLayout');

/** antd's providers (AntdFrame), around every screen; also preloaded by the route loader. */
export const loadFrame = () => import('./AntdFrame');
