// Small helpers to build the page's elements, and the rendering of cards and of any JSON.

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    // through the CSSOM: the page's Content-Security-Policy refuses style attributes
    else if (name === "style") Object.assign(node.style, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SUITS = {
  S: ["♠", "spades", "black"],
  H: ["♥", "hearts", "red"],
  D: ["♦", "diamonds", "red"],
  C: ["♣", "clubs", "black"],
};
const RANKS = { A: "ace", J: "jack", Q: "queen", K: "king" };
export const CARD_ID = /^d\d+:(?:JK\d+|(?:10|[2-9AJQK])[SHDC])$/;

// "d0:7H" -> {rank: "7", suit: "♥", name: "7 of hearts", colour: "red"}
export function parseCard(id) {
  const face = String(id).split(":").pop();
  if (face.startsWith("JK")) return { rank: "Joker", suit: "🃏", name: "joker", colour: "joker" };
  const [symbol, suit, colour] = SUITS[face.slice(-1)] || ["?", "unknown suit", "black"];
  const rank = face.slice(0, -1);
  return { rank, suit: symbol, name: `${RANKS[rank] || rank} of ${suit}`, colour };
}

export function cardText(id) {
  const card = parseCard(id);
  return card.colour === "joker" ? "Joker" : `${card.rank}${card.suit}`;
}

// A card the caller may see, or (null) the back of one it may not.
export function cardEl(id) {
  if (id === null || id === undefined) {
    return el("span", { class: "card back", role: "img", "aria-label": "a face-down card" }, "🂠");
  }
  const card = parseCard(id);
  return el(
    "span",
    { class: `card ${card.colour}`, "data-card": id, role: "img", "aria-label": card.name },
    card.colour === "joker" ? "🃏" : `${card.rank}${card.suit}`,
  );
}

// A row of cards: the visible ones face up, the rest (up to `count`) face down; a long
// face-down pile shows one back and its count.
export function cardsEl(cards, count) {
  const row = el("span", { class: "cards" });
  if (Array.isArray(cards) && cards.length) {
    for (const id of cards) row.append(cardEl(id));
  } else if (count > 0) {
    row.append(cardEl(null));
    if (count > 1) row.append(el("span", { class: "muted" }, ` × ${count}`));
  }
  return row;
}

export function words(name) {
  return String(name).replaceAll("_", " ");
}

// Any JSON value, readably: objects as definition lists, arrays of objects as lists, card
// ids as cards.
export function readable(value, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "string") return CARD_ID.test(value) ? cardEl(value) : el("span", {}, value);
  if (typeof value !== "object") return el("span", {}, String(value));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, "none");
    if (value.every((item) => item === null || CARD_ID.test(String(item)))) return cardsEl(value, value.length);
    if (value.every((item) => typeof item !== "object" || item === null)) return el("span", {}, value.join(", "));
    return el("ol", { class: "json" }, value.map((item) => el("li", {}, readable(item, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return el("span", { class: "muted" }, "none");
  return el(
    "dl",
    { class: "json" },
    entries.map(([key, item]) => [el("dt", {}, words(key)), el("dd", {}, readable(item, depth + 1))]),
  );
}
