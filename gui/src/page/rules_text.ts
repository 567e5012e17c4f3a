// The rules page's words (rules.html, issue #31 "The rules in the page"): each variant's
// rules in a player's words, section by section as docs/rules.md has them (docs/rules.md
// stays the reference and wins where these words are shorter), with the small boards
// that play a clause. Every example is a real position string (docs/interface.md
// section 2) with its moves and the position each move leads to, worked out by hand from
// the rules; gui/test/rules_page.test.mjs checks every one against kete.
import type { Side, Variant } from "./position.js";
import type { KichwaRule } from "./sowing.js";

export interface ExampleMove {
  token: string; // the move, as the engine writes it
  label: string; // the play button's words: what the move shows
  after: string; // the position string after it (takasia included), as kete prints it
  winner?: Side; // the move ends the game: this side has won
}

export interface RulesExample {
  id: string; // unique on the page, for ids and the tests
  title: string;
  fen: string; // the position before, a position string of the page's variant
  kichwaRule?: KichwaRule; // kujifunza only; choose when absent
  text: string; // what to look at, in words (HTML of the page's own, no user text)
  moves: ExampleMove[];
}

export interface RulesSection {
  heading: string;
  ref: string; // the section of docs/rules.md that is the reference
  paragraphs: string[]; // HTML of the page's own
  examples: RulesExample[];
}

export interface VariantRules {
  variant: Variant;
  name: string;
  intro: string;
  sections: RulesSection[];
}

// The board, its names and the two directions: the same in every variant.
const kBoardWords = (width: number, rows: string) =>
  `Each player owns two rows of ${width} pits: the <strong>front row</strong> facing the ` +
  `opponent and the <strong>back row</strong> along their own edge. Pits are numbered from ` +
  `the owner's own left: South has ${rows}, North the same in small letters. Your seeds are ` +
  `sown only into your own two rows, round and round as one ring; they cross to the other ` +
  `side only when captured.`;

const kDirectionWords =
  "<strong>L</strong> and <strong>R</strong> are left and right as the mover sees the row the " +
  "move starts from. At the end of a row the sowing turns the corner into the other row, so a " +
  "move that runs right along the front row comes back left along the back row.";

const kBao: VariantRules = {
  variant: "bao",
  name: "Bao (simple rules)",
  intro:
    "The simple game: 4 rows of 8 pits, two seeds in every pit, no seeds in hand and no " +
    "house. South moves first.",
  sections: [
    {
      heading: "The board and a move",
      ref: "rules.md sections 1 and 3",
      paragraphs: [
        kBoardWords(8, "A1 to A8 in front and B1 to B8 behind"),
        "A move lifts every seed of one of your pits holding <strong>2 or more</strong>, front " +
          "or back, and sows them one by one into the following pits, to the left or to the " +
          "right. The move is written as the pit and the direction: <code>B7R</code>.",
        kDirectionWords,
      ],
      examples: [],
    },
    {
      heading: "Where a sowing ends: the relay",
      ref: "rules.md sections 1 and 3",
      paragraphs: [
        "When the last seed falls into an <strong>empty</strong> pit, the move ends. When it " +
          "falls into an occupied pit (and no eating applies), lift that pit, the last seed " +
          "with it, and sow on in the same direction: a <strong>relay</strong>.",
      ],
      examples: [
        {
          id: "bao-relay",
          title: "A relay",
          fen: "4,4,4,4,4,4,4,3/2,2,2,2,0,2,2,2/0,0,2,0,1,0,0,0/2,2,2,2,2,2,2,2 S",
          text:
            "South sows A3 to the right: A4, then A5, which held a seed. A5 faces an empty " +
            "a4, so South lifts A5's two seeds and sows on into A6 and A7. A7 was empty: the " +
            "move ends.",
          moves: [
            {
              token: "A3R",
              label: "A3R: a relay at A5",
              after: "4,4,4,4,4,4,4,3/2,2,2,2,0,2,2,2/0,0,0,1,0,1,1,0/2,2,2,2,2,2,2,2 N",
            },
          ],
        },
      ],
    },
    {
      heading: "Eating, and the end of the game",
      ref: "rules.md section 3",
      paragraphs: [
        "When the last seed falls into one of your <strong>front</strong> pits that was " +
          "occupied and the opponent's pit facing it holds seeds, you <strong>eat</strong>: " +
          "lift both pits together and sow them on from the next pit, in the same direction. " +
          "The eaten seeds are yours from then on. Eating is never compulsory: every pit of 2 " +
          "or more may be played either way.",
        "After an eat that empties the opponent's front row you <strong>win</strong> at once; " +
          "the seeds in hand are still sown to the end of that lap. A player with no pit of 2 " +
          "or more to move from loses, and so does a player whose own front row is empty when " +
          "their move ends.",
        "kete counts the third repetition of a position, or 1000 plies, as a draw, so that " +
          "every game ends.",
      ],
      examples: [
        {
          id: "bao-eat",
          title: "Two eats and a win (the worked example)",
          fen: "4,3,5,4,5,6,3,2/0,0,0,4,0,0,0,2/2,2,0,2,2,0,2,1/0,0,8,1,2,0,2,2 S",
          text:
            "B7R drops its two seeds into B8 and A8. A8 now holds 2 and faces a1's 2: South " +
            "eats 4 and sows them into A7, A6, A5, A4. A4 ends on 3 facing a5's 4: South eats " +
            "again. North's front row is empty, so South has won; the 7 seeds are sown to " +
            "the end of the lap (A3 round to B4).",
          moves: [
            {
              token: "B7R",
              label: "B7R: eat twice and win",
              after: "4,3,5,4,5,6,3,2/0,0,0,0,0,0,0,0/3,3,1,0,3,1,3,0/1,1,9,2,2,0,0,3 N",
              winner: "S",
            },
          ],
        },
      ],
    },
  ],
};

const kKigogo: VariantRules = {
  variant: "kigogo",
  name: "Bao Kigogo",
  intro:
    "A long board of 4 rows of 12 pits, two seeds in every pit except A1 and a1, which " +
    "start empty (92 seeds). No hands, no house. South moves first.",
  sections: [
    {
      heading: "The board and the one direction",
      ref: "rules.md sections 1 and 4",
      paragraphs: [
        kBoardWords(12, "A1 to A12 in front and B1 to B12 behind"),
        "Seeds are sown <strong>anticlockwise only</strong>: leftwards along your front row, " +
          "rightwards along your back row, as you see them. A move is written as its pit " +
          "alone: <code>A5</code>.",
        "A move lifts a pit of 2 or more. A lap that ends in an occupied pit is lifted and " +
          "sown on (a <strong>relay</strong>) until a lap ends in an empty pit: there the move " +
          "ends.",
      ],
      examples: [],
    },
    {
      heading: "The capture at the end of the move",
      ref: "rules.md section 4",
      paragraphs: [
        "When the move ends in one of your <strong>front</strong> pits and the opponent's pit " +
          "facing it holds seeds, those seeds leave the game; the opponent's back pit with " +
          "the same number goes with them when it holds seeds (never on its own). Nothing " +
          "else is captured.",
      ],
      examples: [
        {
          id: "kigogo-capture",
          title: "A relay, then a capture",
          fen: "2,2,2,2,2,2,2,2,2,2,2,2/3,2,2,2,2,2,2,2,2,2,2,2/0,0,1,0,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S",
          text:
            "A5 sows A4 and A3. A3 held a seed: it is lifted and sown into A2 and A1. A1 was " +
            "empty, the move ends there, and it faces a12 (3 seeds): a12 and b12, the back " +
            "pit with the same number, leave the game.",
          moves: [
            {
              token: "A5",
              label: "A5: a relay, then a12 and b12 captured",
              after:
                "0,2,2,2,2,2,2,2,2,2,2,2/0,2,2,2,2,2,2,2,2,2,2,2/1,1,0,1,0,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 N",
            },
          ],
        },
      ],
    },
    {
      heading: "A single seed, and the end of the game",
      ref: "rules.md section 4",
      paragraphs: [
        "Only when none of your pits holds 2 or more may a single seed move, one pit " +
          "anticlockwise, and only into an empty pit. It can capture like any move.",
        "A player with no seeds, or no move, loses. A position that comes back a second time " +
          "is a draw.",
      ],
      examples: [
        {
          id: "kigogo-single",
          title: "A single seed captures",
          fen: "0,1,1,1,1,1,1,1,1,1,1,1/2,0,0,0,0,0,3,0,0,0,0,0/0,1,0,0,0,0,1,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0,0,0 S",
          text:
            "South has only single seeds. A2 steps into the empty A1, which faces a12's 2 " +
            "seeds: they leave the game (b12 is empty, so nothing more).",
          moves: [
            {
              token: "A2",
              label: "A2: one seed steps and captures",
              after:
                "0,1,1,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,3,0,0,0,0,0/1,0,0,0,0,0,1,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0,0,0 N",
            },
          ],
        },
      ],
    },
  ],
};

const kCaptureWords =
  "A <strong>capture move</strong> starts from a pit (front or back) of 2 to 15 seeds, in a " +
  "direction whose first lap ends in one of your front pits that was occupied and faces an " +
  "opponent's pit with seeds. You take the seeds of the facing pit (your own pit keeps its " +
  "seeds) and sow them back in from a <strong>kichwa</strong>, an end pit of your front row, " +
  "towards the centre. Captures are <strong>compulsory</strong>: when one is possible you " +
  "must capture.";

const kKimbiWords =
  "A capture at pit 1 or 2 (a <strong>kimbi</strong>) brings the seeds in from the left " +
  "kichwa, sowing rightwards; at pit 7 or 8, from the right kichwa, sowing leftwards. After " +
  "a capture, where each lap ends decides: an empty pit ends the move; an occupied front pit " +
  "of yours facing seeds captures again; anything else is a relay.";

const kKujifunza: VariantRules = {
  variant: "kujifunza",
  name: "Bao la Kujifunza",
  intro:
    "The learners' Bao: 4 rows of 8 pits, two seeds in every pit, no hands and no house. " +
    "It is Bao la Kiswahili's second stage (mtaji) on its own. South moves first.",
  sections: [
    {
      heading: "The board and a move",
      ref: "rules.md sections 1 and 5",
      paragraphs: [
        kBoardWords(8, "A1 to A8 in front and B1 to B8 behind"),
        "A move lifts a pit and sows it to the left or the right (<code>A4L</code>); a lap " +
          "that ends in an occupied pit is lifted and sown on (a relay) until a lap ends in an " +
          "empty pit.",
        kDirectionWords,
      ],
      examples: [],
    },
    {
      heading: "Capture, and the kichwa at a kimbi",
      ref: "rules.md section 5",
      paragraphs: [kCaptureWords, kKimbiWords],
      examples: [
        {
          id: "kujifunza-kimbi",
          title: "A capture at A2",
          fen: "4,4,4,4,4,4,3,3/2,3,0,2,2,2,2,2/0,1,0,2,0,0,0,0/2,2,2,2,2,2,2,2 S",
          text:
            "A4 sows left into A3 and A2. A2 held a seed and faces a7's 3: South captures " +
            "them. A2 is a kimbi, so the 3 seeds come in from the left kichwa A1: A1, A2, A3. " +
            "A3 faces an empty a6, so it is a relay: A3's 2 seeds go to A4 and A5, and A5 was " +
            "empty.",
          moves: [
            {
              token: "A4L",
              label: "A4L: capture a7, in at the left kichwa",
              after: "4,4,4,4,4,4,3,3/2,0,0,2,2,2,2,2/1,3,0,1,1,0,0,0/2,2,2,2,2,2,2,2 N",
            },
          ],
        },
      ],
    },
    {
      heading: "A central capture: the kichwa rule",
      ref: "rules.md section 5",
      paragraphs: [
        "A capture at a central pit (3 to 6) may go in at either kichwa. kete plays both " +
          "readings of the sources, as the option <code>KichwaRule</code>:",
        "<strong>choose</strong> (the default): the player chooses the kichwa at every " +
          "central capture of the move. The move is written with the choices after a colon, " +
          "one letter a central capture: <code>A2R:L</code>, <code>A2R:R</code>.",
        "<strong>follow</strong>: the seeds keep the way the move was going, as in Bao la " +
          "Kiswahili: a move going right along the front row brings them in from the left " +
          "kichwa, going right again; a move going left, from the right kichwa. No colon.",
      ],
      examples: [
        {
          id: "kujifunza-choose",
          title: "KichwaRule choose: two moves",
          fen: "4,4,4,4,4,3,3,3/2,2,2,2,2,2,2,2/0,2,0,1,0,0,0,0/2,2,2,2,2,2,2,2 S",
          kichwaRule: "choose",
          text:
            "A2 sows right into A3 and A4. A4 held a seed and faces a5's 2: a central " +
            "capture. South chooses: in at the left kichwa (A1, A2) or at the right (A8, A7); " +
            "either way the second seed falls into an empty pit and the move ends.",
          moves: [
            {
              token: "A2R:L",
              label: "A2R:L: in at the left kichwa",
              after: "4,4,4,4,4,3,3,3/2,2,2,0,2,2,2,2/1,1,1,2,0,0,0,0/2,2,2,2,2,2,2,2 N",
            },
            {
              token: "A2R:R",
              label: "A2R:R: in at the right kichwa",
              after: "4,4,4,4,4,3,3,3/2,2,2,0,2,2,2,2/0,0,1,2,0,0,1,1/2,2,2,2,2,2,2,2 N",
            },
          ],
        },
        {
          id: "kujifunza-follow",
          title: "KichwaRule follow: one move",
          fen: "4,4,4,4,4,3,3,3/2,2,2,2,2,2,2,2/0,2,0,1,0,0,0,0/2,2,2,2,2,2,2,2 S",
          kichwaRule: "follow",
          text:
            "The same position under follow: the move went right, so the captured seeds " +
            "come in at the left kichwa and go right, as A2R:L did.",
          moves: [
            {
              token: "A2R",
              label: "A2R: the seeds follow the move",
              after: "4,4,4,4,4,3,3,3/2,2,2,0,2,2,2,2/1,1,1,2,0,0,0,0/2,2,2,2,2,2,2,2 N",
            },
          ],
        },
      ],
    },
    {
      heading: "Takata: a move without capture",
      ref: "rules.md section 5",
      paragraphs: [
        "When no capture move is possible, a <strong>takata</strong> is played: any front pit " +
          "of 2 or more (16 or more too), either way; only when no front pit holds 2 or more, " +
          "a back pit. Its laps relay and <strong>never capture</strong>, even when one ends " +
          "in front of the opponent's seeds.",
      ],
      examples: [
        {
          id: "kujifunza-takata",
          title: "A takata passes the opponent's seeds by",
          fen: "6,6,6,6,6,5,5,5/2,2,2,2,2,0,2,2/0,0,3,0,0,1,0,1/0,0,0,0,0,0,0,0 S",
          text:
            "South has no capture. A3 sows right: A4, A5, A6. A6 faces an empty a3: relay " +
            "into A7 and A8. A8 faces a1's 2, but a takata never captures: relay again, " +
            "round the corner into B8 and B7, which was empty.",
          moves: [
            {
              token: "A3R",
              label: "A3R: a takata of three laps",
              after: "6,6,6,6,6,5,5,5/2,2,2,2,2,0,2,2/0,0,0,1,1,0,1,0/0,0,0,0,0,0,1,1 N",
            },
          ],
        },
      ],
    },
    {
      heading: "The end of the game",
      ref: "rules.md sections 2 and 5",
      paragraphs: [
        "Emptying the opponent's front row <strong>wins at once</strong>, in the middle of a " +
          "move too (the captured seeds are still sown to the end of their lap). A player " +
          "with no legal move loses. A move may never leave your own front row empty, not " +
          "even for a moment, and a move that would go on for more than twelve rounds of " +
          "your ring is not allowed.",
        "kete counts the third repetition of a position, or 1000 plies, as a draw.",
      ],
      examples: [
        {
          id: "kujifunza-win",
          title: "The last seed of North's front row",
          fen: "6,6,6,6,5,5,5,5/0,1,0,0,0,0,0,0/0,1,0,2,0,0,0,0/2,2,2,2,2,2,2,2 S",
          text:
            "A4L ends in A2 facing a7, North's only front seed. South captures it, sows it " +
            "into A1 and wins.",
          moves: [
            {
              token: "A4L",
              label: "A4L: capture the last front seed",
              after: "6,6,6,6,5,5,5,5/0,0,0,0,0,0,0,0/1,2,1,0,0,0,0,0/2,2,2,2,2,2,2,2 N",
              winner: "S",
            },
          ],
        },
      ],
    },
  ],
};

const kKiswahili: VariantRules = {
  variant: "kiswahili",
  name: "Bao la Kiswahili",
  intro:
    "The full game. Each player starts with 6 seeds in the nyumba (the house, A5), 2 in " +
    "A6 and A7, and 22 in hand. The game has two stages: <strong>namua</strong> while the " +
    "players still hold seeds in hand, then <strong>mtaji</strong> when both hands are empty " +
    "(after 44 plies). South moves first.",
  sections: [
    {
      heading: "The board",
      ref: "rules.md sections 1 and 6.1",
      paragraphs: [
        kBoardWords(8, "A1 to A8 in front and B1 to B8 behind"),
        "The end pits of the front row are the <strong>kichwa</strong> (A1 left, A8 right), " +
          "where captured seeds come in; pits 1, 2, 7 and 8 are the <strong>kimbi</strong>; " +
          "the square pit A5 is the <strong>nyumba</strong>.",
        kDirectionWords,
      ],
      examples: [],
    },
    {
      heading: "Namua: a seed from the hand, and the capture",
      ref: "rules.md sections 6.2 and 6.3",
      paragraphs: [
        "Every namua move begins by putting one seed from your hand into an occupied pit of " +
          "your front row. When that pit faces seeds, it is a <strong>capture</strong>, and a " +
          "capture is compulsory when one is possible: take the facing seeds and sow them in " +
          "from a kichwa.",
        kKimbiWords,
        "At a central pit (3 to 6) the seeds keep the way the move is going; only the first " +
          "capture of a namua move has no way yet, so the player chooses the kichwa. The move " +
          "is written as the pit the hand seed goes into and the kichwa: <code>A6L</code> " +
          "comes in at the left kichwa.",
      ],
      examples: [
        {
          id: "kiswahili-namua-capture",
          title: "A namua capture at A6: choose the kichwa",
          fen: "0,0,0,0,0,0,0,0/0,2,2,6,0,3,0,0/0,0,0,0,6,2,3,0/0,0,0,0,0,0,0,0 S 20,20 Hh -",
          text:
            "A6 faces a3's 3 seeds. South puts a seed into A6 and captures them. At the left " +
            "kichwa they go into A1, A2, A3 and the move ends. At the right kichwa they go " +
            "into A8, A7, A6; A6 now faces an empty a3, so it is a relay: its 4 seeds go " +
            "left to A5, A4, A3, A2.",
          moves: [
            {
              token: "A6L",
              label: "A6L: in at the left kichwa",
              after: "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/1,1,1,0,6,3,3,0/0,0,0,0,0,0,0,0 N 19,20 Hh -",
            },
            {
              token: "A6R",
              label: "A6R: in at the right kichwa",
              after: "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,1,1,1,7,0,4,1/0,0,0,0,0,0,0,0 N 19,20 Hh -",
            },
          ],
        },
      ],
    },
    {
      heading: "Takasa: a namua move without capture",
      ref: "rules.md sections 6.2 and 6.5",
      paragraphs: [
        "When no capture is possible, put the seed into an occupied front pit, lift the whole " +
          "pit and sow it either way: a <strong>takasa</strong>. It never captures. Its laps " +
          "relay, and end in an empty pit, or in your intact house once it holds 6 or more. " +
          "Once your house is destroyed, the pit must hold 2 or more before the seed, unless " +
          "every occupied front pit holds one.",
      ],
      examples: [
        {
          id: "kiswahili-takasa",
          title: "The first move of the game",
          fen: "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Hh -",
          text:
            "No capture at the start. South puts a seed into A7 (3 seeds), lifts it and sows " +
            "left: A6, A5, A4. A4 was empty: the move ends.",
          moves: [
            {
              token: "A7L",
              label: "A7L: a takasa",
              after: "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,1,7,3,0,0/0,0,0,0,0,0,0,0 N 21,22 Hh -",
            },
          ],
        },
      ],
    },
    {
      heading: "The nyumba",
      ref: "rules.md sections 6.1 and 6.2",
      paragraphs: [
        "The house is <strong>intact</strong> (gold border) until it is first emptied: sown " +
          "by its owner, or captured. Then it is <strong>destroyed</strong> (dashed border) " +
          "and an ordinary pit. An intact house holding 6 or more is <strong>working</strong>.",
        "A working house may start a takasa only when it is the only occupied pit of your " +
          "front row, and then it pays the <strong>tax</strong>: after the hand seed, only 2 " +
          "seeds leave it, sown either way, and it stays intact.",
      ],
      examples: [
        {
          id: "kiswahili-tax",
          title: "The house pays the tax",
          fen: "1,1,1,1,1,1,1,1/2,2,2,2,0,2,2,2/0,0,0,0,6,0,0,0/2,2,2,2,2,2,2,2 S 10,10 H -",
          text:
            "The house is South's only front pit and nothing can be captured. The hand seed " +
            "makes 7; only 2 leave, into A4 and A3, and the house keeps 5, still intact.",
          moves: [
            {
              token: "A5L",
              label: "A5L: a takasa from the house, with the tax",
              after: "1,1,1,1,1,1,1,1/2,2,2,2,0,2,2,2/0,0,1,1,5,0,0,0/2,2,2,2,2,2,2,2 N 9,10 H -",
            },
          ],
        },
      ],
    },
    {
      heading: "Safari",
      ref: "rules.md section 6.5",
      paragraphs: [
        "In a namua capture move, when a lap ends in your intact house holding 6 or more, you " +
          "choose: <strong>stop</strong> there (the move ends, the house is kept) or go on a " +
          "<strong>safari</strong>: lift the whole house and sow on, which destroys it. A " +
          "safari is written with <code>+</code>: <code>A7R+</code>.",
      ],
      examples: [
        {
          id: "kiswahili-safari",
          title: "Stop at the house, or safari",
          fen: "0,0,0,0,0,0,1,2/2,2,2,2,0,2,4,0/0,0,0,0,6,0,1,0/0,0,0,0,0,0,0,0 S 20,20 H -",
          text:
            "A7 faces a2's 4 seeds. A7 is a kimbi: they come in at the right kichwa, A8, A7, " +
            "A6, and the last into the house, which then holds 7. Stop, and the house stays; " +
            "safari, and its 7 seeds go on left to A4, A3, A2, A1, round the corner to B1, " +
            "B2 and B3.",
          moves: [
            {
              token: "A7R",
              label: "A7R: stop at the house",
              after: "0,0,0,0,0,0,1,2/2,2,2,2,0,2,0,0/0,0,0,0,7,1,3,1/0,0,0,0,0,0,0,0 N 19,20 H -",
            },
            {
              token: "A7R+",
              label: "A7R+: safari",
              after: "0,0,0,0,0,0,1,2/2,2,2,2,0,2,0,0/1,1,1,1,0,1,3,1/1,1,1,0,0,0,0,0 N 19,20 - -",
            },
          ],
        },
      ],
    },
    {
      heading: "Mtaji: when both hands are empty",
      ref: "rules.md sections 6.3 and 6.4",
      paragraphs: [
        "In mtaji a move lifts a pit, as in Bao la Kujifunza. " + kCaptureWords,
        "At a central pit the captured seeds keep the way the move is going: going right " +
          "along the front row they come in at the left kichwa, going left at the right " +
          "kichwa. Without a capture, a <strong>takata</strong>: a front pit of 2 or more " +
          "(a back pit only when no front pit has 2); it never captures.",
      ],
      examples: [
        {
          id: "kiswahili-mtaji",
          title: "A mtaji capture at a central pit",
          fen: "4,4,4,4,3,3,3,3/2,2,2,2,2,2,2,2/0,3,0,0,1,0,0,0/2,2,2,2,2,2,2,2 S 0,0 - -",
          text:
            "A2 sows right: A3, A4, A5. A5 held a seed and faces a4's 2: capture. The move " +
            "was going right, so the seeds come in at the left kichwa: A1, then A2, which " +
            "was empty.",
          moves: [
            {
              token: "A2R",
              label: "A2R: capture a4",
              after: "4,4,4,4,3,3,3,3/2,2,2,2,0,2,2,2/1,1,1,1,2,0,0,0/2,2,2,2,2,2,2,2 N 0,0 - -",
            },
          ],
        },
      ],
    },
    {
      heading: "Takasia: the block",
      ref: "rules.md section 6.6",
      paragraphs: [
        "In mtaji, after a takata, when the opponent has no capture and your capture moves " +
          "(as if you moved again) would capture first exactly one of their pits, that pit " +
          "is <strong>blocked</strong> for their next move (a red ring and cross on the " +
          "board): it may not start the move, and a lap of theirs that ends in it stops there. " +
          "Then, if you can capture that pit, you must. There is no block on an intact house, " +
          "on the opponent's only occupied front pit, or on their only front pit of 2 or more.",
      ],
      examples: [
        {
          id: "kiswahili-takasia",
          title: "A takata that blocks a4, and one that does not",
          fen: "26,16,16,0,0,0,0,0/0,0,0,0,1,0,0,1/0,0,1,2,1,0,0,0/0,0,0,0,0,0,0,0 S 0,0 - -",
          text:
            "South has no capture and plays a takata from A4. Going left (A3, A2), A3 then " +
            "holds 2 and A3R would end in A5 facing a4: a4 is the one pit South threatens, " +
            "and North, whose big back pits cannot capture (16 seeds or more), has no " +
            "capture, so a4 is blocked. Going right (A5, A6) threatens nothing: no block.",
          moves: [
            {
              token: "A4L",
              label: "A4L: a4 blocked",
              after:
                "26,16,16,0,0,0,0,0/0,0,0,0,1,0,0,1/0,1,2,0,1,0,0,0/0,0,0,0,0,0,0,0 N 0,0 - a4",
            },
            {
              token: "A4R",
              label: "A4R: no block",
              after: "26,16,16,0,0,0,0,0/0,0,0,0,1,0,0,1/0,0,1,0,2,1,0,0/0,0,0,0,0,0,0,0 N 0,0 - -",
            },
          ],
        },
      ],
    },
    {
      heading: "The end of the game",
      ref: "rules.md sections 2 and 6.5",
      paragraphs: [
        "Emptying the opponent's front row <strong>wins at once</strong>, in namua too. A " +
          "player with no legal move loses. A move may never leave your own front row empty, " +
          "not even for a moment, and a move that would go on for more than twelve rounds of " +
          "your ring is not allowed.",
        "kete counts the third repetition of a position, or 1000 plies, as a draw.",
      ],
      examples: [],
    },
  ],
};

export const kRules: readonly VariantRules[] = [kKiswahili, kKujifunza, kBao, kKigogo];

export function rulesOf(variant: Variant): VariantRules {
  return kRules.find((r) => r.variant === variant)!;
}
