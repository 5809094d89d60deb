#!/usr/bin/env python3
"""Generates research-articles.txt: ~1.5 MB of news-article text for the aartiq-research
claim-extraction bench. Deterministic (fixed seed). Articles are separated by a form feed line.
About one sentence in three carries a figure; the rest is ordinary prose, datelines and quotes."""
import random

random.seed(20261130)
subjects = ["Acme Corp", "Northwind Logistics", "Société Générale", "Tata Motors", "The European Commission",
            "Eurostat", "eBay", "Contoso Bank", "Fabrikam", "Globex", "Initech", "Umbrella Health",
            "Wayne Enterprises", "Stark Industries", "The Federal Reserve", "Inflation", "Turnout", "Unemployment"]
verbs = ["reported", "posted", "hired", "cut", "raised", "said", "expects", "forecast", "rose", "fell", "paid", "invested"]
figures = ["$450 million", "€1.2 billion", "1,200 million euros", "12%", "3.4 percent", "₹1,200 crore", "2,500",
           "450 million dollars", "£87 million", "$4.5bn", "61.5 per cent", "7", "19,000", "0.25%"]
fillers = [
    "Analysts said the results were broadly in line with expectations.",
    "The company did not respond to a request for comment on Tuesday.",
    "Shares were little changed in afternoon trading in New York.",
    "Officials declined to say when a final decision would be taken.",
    "the figures, which are not seasonally adjusted, may be revised next month.",
    "Critics argued that the plan would do little to help smaller firms.",
    "Economists polled before the release had expected a smaller increase.",
    "However, the outlook for the rest of the year remains uncertain.",
    "It was the third consecutive quarter of growth for the group.",
    "\u201cWe are confident in our strategy,\u201d the chief executive told reporters.",
]
datelines = ["NEW YORK (Reuters) - ", "FRANKFURT, Germany (AP) \u2014 ", "LONDON - ", "", "", ""]

out = []
size = 0
while size < 1_500_000:
    paras = []
    for _ in range(random.randint(4, 9)):
        sents = []
        for _ in range(random.randint(2, 5)):
            if random.random() < 0.35:
                s = f"{random.choice(subjects)} {random.choice(verbs)} {random.choice(figures)} in the {random.choice(['third quarter', 'year to date', 'first half', 'month'])}."
            else:
                s = random.choice(fillers)
            sents.append(s)
        paras.append(random.choice(datelines) + " ".join(sents))
    art = "\n\n".join(paras)
    out.append(art)
    size += len(art.encode())
open("research-articles.txt", "w", encoding="utf-8").write("\n\u000c\n".join(out))
