/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/**
 * The dev server proxies /api to a running back-office server (VITE_API_TARGET, default
 * http://127.0.0.1:3000); in production the server hosts dist/ on the same origin.
 *
 * Chunks: every screen is a dynamic import (see src/app/screens.ts), so the entry holds
 * only the shell. React and the router change rarely and are shared by every page, so
 * they get a long-lived vendor chunk of their own, like the contract with zod and the
 * data libraries; antd is left to the automatic
 * splitter, which keeps the components a page uses beside that page, except for
 * `antd-shell`: antd's core and the components the frame, the layout and the dashboard's
 * first view use, in one chunk instead of about forty. Over HTTP/1.1 the browser has six
 * connections per server, and the session and dashboard calls waited ~0.45 s behind those
 * small chunks (docs/performance.md). Keep it to components (nearly) every screen shows.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const apiTarget = env.VITE_API_TARGET || 'http://127.0.0.1:3000';
  return {
    plugins: [react()],
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: true } },
    },
    preview: {
      proxy: { '/api': { target: apiTarget, changeOrigin: true } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
              // The route catalogue is needed by the guard on every path; the endpoint schemas
              // (and zod) are left to the splitter, so they load with the pages that call them.
              {
                name: 'catalogue',
                test: /packages[\\/]contract[\\/]src[\\/](routes|route-types|permissions|navigation)\.ts$/,
                priority: 15,
              },
              { name: 'data-vendor', test: /node_modules[\\/](@tanstack|i18next|react-i18next)[\\/]/, priority: 10 },
              {
                // antd's core and what (nearly) every screen shows: see the comment above.
                name: 'antd-shell',
                test: /node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|message|modal|notification|button|space|grid|row|col|flex|layout|menu|dropdown|breadcrumb|card|tabs|skeleton|spin|tooltip|popover|avatar|tag|alert|segmented|empty|checkbox|form[\\/]context|version|watermark)[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|icons[\\/]es[\\/](components|utils))[\\/]|@rc-component[\\/](util|motion|trigger|menu|tabs|overflow|portal|resize-observer|context|dialog|notification|segmented|dropdown|tooltip|checkbox)[\\/]|stylis[\\/]|@emotion[\\/])/,
                priority: 8,
              },
            ],
          },
        },
      },
    },
  };
});
