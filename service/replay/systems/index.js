// The board panel and event lines of each rule system, one registration line each (as the
// server keeps each system in places named after it); a system with no panel here gets the
// generic one.

import asaltos from "./asaltos.js";
import fate from "./fate.js";
import frontera from "./frontera.js";
import generic from "./generic.js";
import portal from "./portal.js";
import stepdice from "./stepdice.js";

const SYSTEMS = new Map();
const register = (system) => SYSTEMS.set(system.name, system);

register(frontera);
register(asaltos);
register(stepdice);
register(portal);
register(fate);

export function systemFor(name) {
  return SYSTEMS.get(name) || generic;
}
