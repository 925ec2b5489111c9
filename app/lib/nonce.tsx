import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response, given by entry.server; none in the browser (scripts already ran), nor on
 * a page for the page cache (its scripts are allowed by their hashes, server/plugins/page-cache.ts).
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
