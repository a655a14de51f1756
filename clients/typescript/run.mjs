// Plays a rule system's compiled session (tsc --outDir build) against the server at argv[2]:
// `node run.mjs http://127.0.0.1:8000 stepdice` plays build/session_stepdice.js; prints the
// outcome as JSON.
const [api, system] = process.argv.slice(2);
const { play } = await import(`./build/session_${system}.js`);

console.log(JSON.stringify(await play(api)));
