// The board panel of each rule system, one registration line each (as the server keeps each
// system in places named after it); a system with no panel here gets the generic one.

import frontera from "./frontera.js";
import generic from "./generic.js";

const SYSTEMS = new Map();
const register = (system) => SYSTEMS.set(system.name, system);

register(frontera);

export function systemFor(name) {
  return SYSTEMS.get(name) || generic;
}
