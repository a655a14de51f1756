// The README's asaltos session ("An asaltos session with curl") through openapi-fetch, typed
// by schema.d.ts: the dice scripted as the README's (5, 2, 6, 7, 1, 4), each player's
// declaration its own, the bandit's skills the game master's, and a blind check hidden from
// Iris, in her log and her stream, until revealed. What it observes has the names the Python
// session's has, checked the same way.
import type { Client } from "openapi-fetch";
import type { paths } from "./schema.js";
import { type Event, client, ok, type Schemas, seat, streamAsLogged } from "./session_common.js";

/** What the session observed, for whoever runs it to check. */
export interface Outcome {
  rolls: (number | null)[];
  declarations_seen: boolean[];
  bandit_wound: [string, number];
  bandit_skills_seen: boolean;
  checks_before_reveal: (boolean | null)[];
  checks_after_reveal: (boolean | null)[];
  blind_streamed_result: boolean;
  stream_matches_log: boolean;
  verified: boolean;
  dice_checked: number;
}

/** Whether a check succeeded, if the seat reading its event may know. */
function succeeded(event: Event): boolean | null {
  if (event.type !== "asaltos.CheckMade") throw new Error(`not a check: ${event.type}`);
  const result = event.data.result;
  return result !== null && "success" in result ? result.success : null;
}

/** Whether each check of the log succeeded, as this seat reads it. */
async function checks(player: Client<paths>, table: string): Promise<(boolean | null)[]> {
  const page: Schemas["EventPage"] = ok(
    await player.GET("/tables/{table_id}/events", {
      params: { path: { table_id: table }, query: { type: ["asaltos.CheckMade"] } },
    }),
  );
  return page.events.map(succeeded);
}

export async function play(api: string): Promise<Outcome> {
  const created = ok(
    await client(api).POST("/tables", {
      body: {
        title: "The Duel",
        gm_name: "Gea",
        system: "asaltos",
        options: { scripted_rolls: [5, 2, 6, 7, 1, 4] },
      },
    }),
  );
  const table = created.table_id;
  const path = { path: { table_id: table } };
  const gm = client(api, created.credential);
  const iris = await seat(api, table, gm, "Iris");

  // Ana and the bandit, each with a broadsword; skills left out are noted at 1
  const sword: Schemas["AsaltosWeapon"] = {
    name: "espada",
    code: "1/2-3/4-9/10",
    type: "cortante",
    skill: "Espada",
    actions: 2,
  };
  const c1 = ok(
    await iris.POST("/tables/{table_id}/asaltos/characters", {
      params: path,
      body: {
        name: "Ana",
        sheet: {
          FUE: 5,
          AGI: 7,
          RES: 5,
          TAM: 5,
          skills: { Espada: 4, Escalada: 5 },
          weapons: [sword],
        },
      },
    }),
  ).id;
  const c2 = ok(
    await gm.POST("/tables/{table_id}/asaltos/characters", {
      params: path,
      body: {
        name: "Bandit",
        sheet: { FUE: 5, AGI: 5, RES: 5, TAM: 6, skills: { Espada: 5 }, weapons: [sword] },
      },
    }),
  ).id;

  // A check: Escalada 5 at -2, 3 <= 5 succeeds
  const rolls: (number | null)[] = [];
  const check = async (body: Schemas["AsaltosCheck"]) =>
    rolls.push(ok(await gm.POST("/tables/{table_id}/asaltos/checks", { params: path, body })).roll);
  await check({ character: c1, skill: "Escalada", base_difficulty: -2, modifiers: [] });

  // A combat round: each declares, the GM starts the tanda; Ana hits, the parry fails, and
  // the damage is a serious chest wound
  ok(
    await gm.POST("/tables/{table_id}/asaltos/combats", {
      params: path,
      body: { combatants: [c1, c2] },
    }),
  );
  const declarations: [string, Client<paths>, "attack" | "parry"][] = [
    [c1, iris, "attack"],
    [c2, gm, "parry"],
  ];
  for (const [character, player, kind] of declarations) {
    ok(
      await player.POST("/tables/{table_id}/asaltos/declarations", {
        params: path,
        body: { character, actions: [{ kind, weapon: "espada" }] },
      }),
    );
  }
  const view = ok(await iris.GET("/tables/{table_id}", { params: path }));
  if (view.system !== "asaltos" || view.combat === null) throw new Error("no combat in view");
  const seen = view.combat.declarations.map((d) => Array.isArray(d.actions));
  ok(await gm.POST("/tables/{table_id}/asaltos/tandas", { params: path, body: {} }));
  const attack = ok(
    await gm.POST("/tables/{table_id}/asaltos/attacks", {
      params: path,
      body: {
        attacker: c1,
        target: c2,
        base_difficulty: 0,
        modifiers: [],
        other_modifiers: [],
        location: null,
        surprise: false,
        reaction: "parry",
        defender_base_difficulty: 0,
        defender_modifiers: [],
        defender_other_modifiers: [],
      },
    }),
  );
  rolls.push(attack.roll);
  const damage = ok(
    await gm.POST("/tables/{table_id}/asaltos/damage", { params: path, body: {} }),
  );
  rolls.push(damage.roll);
  const wounded = ok(
    await iris.GET("/tables/{table_id}/characters/{character_id}", {
      params: { path: { table_id: table, character_id: c2 } },
    }),
  );
  if (!("TAM" in wounded) || !("wounds" in wounded)) throw new Error("not an asaltos sheet");
  const wound = wounded.wounds[0];
  if (wound === undefined) throw new Error("the bandit is not wounded");
  ok(await gm.POST("/tables/{table_id}/asaltos/combats/end", { params: path, body: {} }));

  // A blind check: hidden from Iris, in her log and her stream, until the GM reveals it
  await check({
    character: c1,
    skill: "Escalada",
    base_difficulty: 0,
    modifiers: [],
    visibility: "blind",
  });
  const before = await checks(iris, table);
  const [streamed, matches] = await streamAsLogged(iris, table);
  const secret = [...streamed].reverse().find((e) => e.type === "asaltos.CheckMade");
  if (secret === undefined) throw new Error("the blind check was not streamed");
  ok(
    await gm.POST("/tables/{table_id}/rolls/reveal", {
      params: path,
      body: { rolls: [4], reason: "the branch holds" },
    }),
  );
  const after = await checks(iris, table);

  ok(await gm.POST("/tables/{table_id}/close", { params: path }));
  const verification = ok(await iris.GET("/tables/{table_id}/verify", { params: path }));
  return {
    rolls,
    declarations_seen: seen,
    bandit_wound: [wound.location, wound.level],
    bandit_skills_seen: wounded.skills !== undefined && wounded.skills !== null,
    checks_before_reveal: before,
    checks_after_reveal: after,
    blind_streamed_result: succeeded(secret) !== null,
    stream_matches_log: matches,
    verified: verification.verified,
    dice_checked: verification.dice_checked,
  };
}
