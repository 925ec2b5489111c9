import { createContext, useContext } from "react";

/** The CSP nonce of the current response, given by entry.server; empty in the browser (scripts already ran). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
