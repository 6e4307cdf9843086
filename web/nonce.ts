import { createContext } from "react";

/** The response's CSP nonce, given to the inline scripts Remix renders. Empty in the browser (it hides nonces). */
export const NonceContext = createContext("");
