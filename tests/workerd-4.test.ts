// Part 4 of the workerd suite (tests/workerd-suite.ts deals the modules out; this file is one workerd process).
import { runPart } from "./workerd-suite";

runPart(4);
