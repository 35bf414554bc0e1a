"""The drawing kit the games' pictures share: SVG text (`markup`), the colours
(`palette`) and the table picture of a card game (`table`).

It knows no game: each game package draws its own pictures with it, and
`seaview_rules.svg` asks each game for its picture.
"""
