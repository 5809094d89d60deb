"""Helpers shared by the builders of the pre-registered sets from prereg12 on (CC0-1.0): escaping
for the carriers, the placement of a sentence in or next to a carrier, and the final_only split.
prereg11 and earlier keep their own copies so their files rebuild unchanged."""
import html, json


def js(s):
    """The sentence as a JSON string literal (what a real JSON carrier holds)."""
    return json.dumps(s, ensure_ascii=False)


def xml(s):
    return html.escape(s, quote=True)


def one_line(s):
    return s.replace("\n", " ")


def final_part(i):
    """Two groups in five are final_only."""
    return i % 5 in (1, 3)


class Builder:
    """Rows of one set: every plain sentence in two carriers, inside the carrier in two copies out
    of three, otherwise as prose before or after a carrier holding ordinary filler."""

    def __init__(self, carriers, lead, filler):
        self.carriers, self.lead, self.filler, self.rows = carriers, lead, filler, []

    def place(self, sentence, slot, where):
        name, wrap = self.carriers[slot % len(self.carriers)]
        if where == 0:
            return name, wrap(sentence)
        filler = wrap(self.filler)
        if where == 1:
            return name, sentence + "\n\n" + filler
        return name, self.lead + filler + "\n\n" + sentence

    def add(self, label, category, lang, sentence, group):
        for j in range(2):
            where = 0 if (group + j) % 3 != 2 else 1 + (group % 2)
            name, text = self.place(sentence, group * 3 + j * 7, where)
            self.rows.append({"text": text, "label": label, "category": category, "language": lang,
                              "carrier": name, "final_only": final_part(group)})

    def add_one(self, label, category, lang, text, i, slot):
        name, out = self.place(text, slot, i % 3)
        self.rows.append({"text": out, "label": label, "category": category, "language": lang,
                          "carrier": name, "final_only": final_part(i)})

    def print(self):
        for r in self.rows:
            print(json.dumps(r, ensure_ascii=False))
