import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server bundle leaves our own server-side modules (core, platform, server, locales) as imports, so that
// Node loads them once, natively, and pages and the JSON API share one copy of each module (and one
// React Router context key).
const serverOnly = /^#(core|platform|integrations|server|locales)\//;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    ssr: { build: { rolldownOptions: { external: (id: string) => serverOnly.test(id) } } },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
