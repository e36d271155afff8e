import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Provided by entry.server with the response's CSP nonce; empty in the browser. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
