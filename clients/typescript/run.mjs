// Plays the compiled session (tsc --outDir build) against the server at argv[2]; prints the
// outcome as JSON.
import { play } from "./build/session.js";

console.log(JSON.stringify(await play(process.argv[2])));
