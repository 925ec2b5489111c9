import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./server/precompress-assets.ts";

// The server bundle leaves our own server-side modules (core, platform, server, locales) as imports, so that
// Node loads them once, natively, and pages and the JSON API share one copy of each module (and one
// React Router context key).
const serverOnly = /^#(core|platform|integrations|server|locales)\//;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  // Icon and primitive libraries are bundled into the server build too, so that only the icons and primitives
  // we use are loaded (as external packages, all ~1,600 icons and every Radix primitive would sit in memory).
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  environments: {
    ssr: { build: { rolldownOptions: { external: (id: string) => serverOnly.test(id) } } },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
