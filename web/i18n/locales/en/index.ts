import { mergeCatalogs } from "../merge";
import auth from "./auth.json";
import common from "./common.json";
import search from "./search.json";

/** Every en file, merged into one tree (each feature keeps its own file so work doesn't collide). */
export default mergeCatalogs(common, auth, search);
