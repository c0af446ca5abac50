-- tilekit database schema, version 1 (see docs/schema.md).
--
-- This file is migration 0 -> 1: the library runs it inside one transaction on a new database,
-- then sets PRAGMA user_version = 1 and PRAGMA application_id. Later versions add migration
-- files; this one is never edited once released.
--
-- Conventions: text ids are the ids of the XML (set_id, tile_id, feature_id, ...); *_key columns
-- are internal integer keys used for joins. `seq` keeps the order of the source file (0-based).
-- Enumerations are stored as the words of the XML format ('city', 'well-known', 'village').
-- Every table hangs off `sets` with ON DELETE CASCADE, so deleting a set row removes all of it:
-- that is how re-importing a set replaces it.

CREATE TABLE sets (
        set_id        TEXT PRIMARY KEY,
        edition       TEXT,
        year          INTEGER,                   -- NULL when unknown
        rules         TEXT NOT NULL DEFAULT '',  -- rule modules, space separated: 'river bridges'
        rules_mask    INTEGER NOT NULL DEFAULT 0,
        source_format TEXT,                      -- 'tilekit' or 'jcz'
        file          TEXT,                      -- the file it was imported from
        line          INTEGER NOT NULL DEFAULT 0,
        imported      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE set_names (
        set_id TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        seq    INTEGER NOT NULL,
        lang   TEXT NOT NULL,
        text   TEXT NOT NULL,
        PRIMARY KEY (set_id, seq)
) WITHOUT ROWID;

-- Sets a set is played with (not a foreign key: the other set need not be imported).
CREATE TABLE set_requires (
        set_id   TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        requires TEXT NOT NULL,
        PRIMARY KEY (set_id, seq)
) WITHOUT ROWID;

CREATE TABLE pieces (
        piece_key  INTEGER PRIMARY KEY,
        set_id     TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        piece_id   TEXT NOT NULL,
        count      INTEGER NOT NULL,
        width      INTEGER NOT NULL,
        height     INTEGER NOT NULL,
        basis      TEXT NOT NULL,
        provenance TEXT,
        line       INTEGER NOT NULL DEFAULT 0,
        UNIQUE (set_id, piece_id)
);

-- Every tile definition: the tiles in the box (piece_key NULL) and the cells of multi-cell pieces
-- (piece_key set, tile_group 'fortress'). Side code and bridge axes are computed at import.
CREATE TABLE tiles (
        tile_key      INTEGER PRIMARY KEY,
        set_id        TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        seq           INTEGER NOT NULL,          -- order in the set, or the cell index y*width+x
        tile_id       TEXT NOT NULL,
        piece_key     INTEGER REFERENCES pieces ON DELETE CASCADE,
        cell_x        INTEGER,
        cell_y        INTEGER,
        count         INTEGER NOT NULL,
        tile_group    TEXT NOT NULL,             -- 'land', 'river', 'fortress'
        start         INTEGER NOT NULL DEFAULT 0,
        basis         TEXT NOT NULL,             -- 'unstated', 'well-known', 'source', ...
        provenance    TEXT,
        illustrations TEXT NOT NULL DEFAULT '',  -- letters in order, e.g. 'TG'
        symbols       TEXT NOT NULL DEFAULT '',  -- siege symbols left to right: 'knights any'
        sides         TEXT NOT NULL,             -- N E S W: F field, R road, C city, W river
        sides_min     TEXT NOT NULL,             -- the smallest code over the four rotations
        pennants      INTEGER NOT NULL DEFAULT 0,
        bridge_ns     INTEGER NOT NULL DEFAULT 0, -- N and S are both field sides
        bridge_ew     INTEGER NOT NULL DEFAULT 0, -- E and W are both field sides
        line          INTEGER NOT NULL DEFAULT 0
        -- dividers TEXT NOT NULL DEFAULT '': added by migration 2 (db/db.c), the points where
        -- the art divides two fields that meet ('SE', 'N SW'; docs/format.md)
);
CREATE UNIQUE INDEX tiles_box_id ON tiles (set_id, tile_id) WHERE piece_key IS NULL;
-- Not partial, so that the foreign key from pieces can use it (NULLs never collide).
CREATE UNIQUE INDEX tiles_cell ON tiles (piece_key, cell_y, cell_x);
CREATE INDEX tiles_set ON tiles (set_id, seq);

CREATE TABLE tile_names (
        tile_key INTEGER NOT NULL REFERENCES tiles ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        lang     TEXT NOT NULL,
        text     TEXT NOT NULL,
        PRIMARY KEY (tile_key, seq)
) WITHOUT ROWID;

CREATE TABLE features (
        feature_key INTEGER PRIMARY KEY,
        tile_key    INTEGER NOT NULL REFERENCES tiles ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        feature_id  TEXT NOT NULL,
        kind        TEXT NOT NULL,               -- city road field river cloister garden
        mask        INTEGER NOT NULL DEFAULT 0,  -- bit i = position i (0 NL ... 11 WR)
        positions   TEXT NOT NULL DEFAULT '',    -- 'NL NM NR'
        pennants    INTEGER NOT NULL DEFAULT 0,
        besieger    TEXT,                        -- NULL, 'besieger', 'cathar'
        cathedral   INTEGER NOT NULL DEFAULT 0,
        end_kind    TEXT,                        -- NULL or village cloister city crossing ...
        junction    INTEGER NOT NULL DEFAULT 0,
        overpass    INTEGER NOT NULL DEFAULT 0,
        inn         INTEGER NOT NULL DEFAULT 0,
        line        INTEGER NOT NULL DEFAULT 0,
        UNIQUE (tile_key, seq)
);

-- One row per perimeter position a feature owns.
CREATE TABLE feature_positions (
        feature_key INTEGER NOT NULL REFERENCES features ON DELETE CASCADE,
        pos         INTEGER NOT NULL,            -- 0..11
        name        TEXT NOT NULL,               -- 'NL' ... 'WR'
        side        TEXT NOT NULL,               -- 'N' 'E' 'S' 'W'
        PRIMARY KEY (feature_key, pos)
) WITHOUT ROWID;

-- Field-city adjacency: the city ids a field says it touches, in the order written.
CREATE TABLE field_touches (
        feature_key INTEGER NOT NULL REFERENCES features ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        city_id     TEXT NOT NULL,
        PRIMARY KEY (feature_key, seq)
) WITHOUT ROWID;

CREATE TABLE siege_symbols (
        tile_key INTEGER NOT NULL REFERENCES tiles ON DELETE CASCADE,
        seq      INTEGER NOT NULL,               -- left to right
        post     TEXT NOT NULL,                  -- knights travelers monks any
        PRIMARY KEY (tile_key, seq)
) WITHOUT ROWID;

CREATE TABLE illustrations (
        tile_key INTEGER NOT NULL REFERENCES tiles ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        letter   TEXT NOT NULL,                  -- G B T W E S C
        name     TEXT,                           -- 'water tower'; NULL for an unknown letter
        PRIMARY KEY (tile_key, seq)
) WITHOUT ROWID;

-- What the input said that the model has no field for, at set, tile or feature level.
CREATE TABLE markers (
        marker_key  INTEGER PRIMARY KEY,
        set_id      TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        tile_key    INTEGER REFERENCES tiles ON DELETE CASCADE,     -- NULL: set level
        feature_key INTEGER REFERENCES features ON DELETE CASCADE,  -- NULL: set or tile level
        seq         INTEGER NOT NULL,
        name        TEXT NOT NULL,
        value       TEXT NOT NULL,
        line        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX markers_set ON markers (set_id);
CREATE INDEX markers_tile ON markers (tile_key);
CREATE INDEX markers_feature ON markers (feature_key);

CREATE TABLE piece_names (
        piece_key INTEGER NOT NULL REFERENCES pieces ON DELETE CASCADE,
        seq       INTEGER NOT NULL,
        lang      TEXT NOT NULL,
        text      TEXT NOT NULL,
        PRIMARY KEY (piece_key, seq)
) WITHOUT ROWID;

CREATE TABLE faces (
        face_key    INTEGER PRIMARY KEY,
        piece_key   INTEGER NOT NULL REFERENCES pieces ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        face_id     TEXT NOT NULL,
        min_players INTEGER NOT NULL,
        max_players INTEGER NOT NULL,            -- 0: no upper bound
        line        INTEGER NOT NULL DEFAULT 0,
        UNIQUE (piece_key, seq)
);

CREATE TABLE posts (
        face_key INTEGER NOT NULL REFERENCES faces ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        kind     TEXT NOT NULL,                  -- knights travelers monks
        plain    INTEGER NOT NULL DEFAULT 0,
        dark3    INTEGER NOT NULL DEFAULT 0,
        fiveplus INTEGER NOT NULL DEFAULT 0,
        meeple   INTEGER NOT NULL DEFAULT 0,
        catapult INTEGER NOT NULL DEFAULT 0,
        line     INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (face_key, seq)
) WITHOUT ROWID;

CREATE TABLE tokens (
        set_id TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        seq    INTEGER NOT NULL,
        kind   TEXT NOT NULL,                    -- castle barn bridge catapult meeple big-meeple pig
        count  INTEGER NOT NULL,
        line   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (set_id, seq)
) WITHOUT ROWID;

-- The rulebook's promises (<manifest>/<expect>).
CREATE TABLE manifest (
        set_id     TEXT NOT NULL REFERENCES sets ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        what       TEXT NOT NULL,                -- tiles types feature illustration pennants ...
        of         TEXT,
        tile_group TEXT,                         -- NULL: all groups
        count      INTEGER NOT NULL,
        note       TEXT,
        line       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (set_id, seq)
) WITHOUT ROWID;

-- Results of `tilekit check`, replaced per set on every check run and on re-import.
-- set_id is not a foreign key: files can be checked without being imported.
CREATE TABLE findings (
        finding_id INTEGER PRIMARY KEY,
        set_id     TEXT,
        severity   TEXT NOT NULL,                -- note warning error
        rule       TEXT,
        file       TEXT,
        line       INTEGER NOT NULL DEFAULT 0,
        tile       TEXT,
        message    TEXT NOT NULL,
        created    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX findings_set ON findings (set_id);

-- Simulator output (written by sim/ through the same handle).
CREATE TABLE layouts (
        layout_id  INTEGER PRIMARY KEY,
        seed       INTEGER NOT NULL,
        sets       TEXT NOT NULL,
        players    INTEGER NOT NULL,
        created    TEXT NOT NULL,
        stats_json TEXT
);

CREATE TABLE placements (
        layout_id INTEGER NOT NULL REFERENCES layouts ON DELETE CASCADE,
        seq       INTEGER NOT NULL,
        set_id    TEXT NOT NULL,
        tile_id   TEXT NOT NULL,
        x         INTEGER NOT NULL,
        y         INTEGER NOT NULL,
        rotation  INTEGER NOT NULL,
        bridge    TEXT,
        PRIMARY KEY (layout_id, seq)
) WITHOUT ROWID;

CREATE TABLE discards (
        layout_id INTEGER NOT NULL REFERENCES layouts ON DELETE CASCADE,
        seq       INTEGER NOT NULL,
        set_id    TEXT NOT NULL,
        tile_id   TEXT NOT NULL,
        after     INTEGER NOT NULL,
        PRIMARY KEY (layout_id, seq)
) WITHOUT ROWID;

-- ---------------------------------------------------------------- views

-- The tiles in the box (no piece cells), with set-level ids.
CREATE VIEW box_tiles AS
        SELECT * FROM tiles WHERE piece_key IS NULL;

-- Each tile's sides, as a code and one word per side.
CREATE VIEW tile_sides AS
        SELECT t.set_id, t.tile_id, t.tile_group, t.count, t.sides, t.sides_min,
               CASE substr(t.sides, 1, 1) WHEN 'C' THEN 'city' WHEN 'R' THEN 'road'
                    WHEN 'W' THEN 'river' ELSE 'field' END AS north,
               CASE substr(t.sides, 2, 1) WHEN 'C' THEN 'city' WHEN 'R' THEN 'road'
                    WHEN 'W' THEN 'river' ELSE 'field' END AS east,
               CASE substr(t.sides, 3, 1) WHEN 'C' THEN 'city' WHEN 'R' THEN 'road'
                    WHEN 'W' THEN 'river' ELSE 'field' END AS south,
               CASE substr(t.sides, 4, 1) WHEN 'C' THEN 'city' WHEN 'R' THEN 'road'
                    WHEN 'W' THEN 'river' ELSE 'field' END AS west
        FROM tiles t WHERE t.piece_key IS NULL;

-- Tiles a Castles & Bridges bridge can cross: two opposite field sides.
CREATE VIEW bridge_tiles AS
        SELECT set_id, tile_id, count, sides,
               trim(CASE WHEN bridge_ns THEN 'N-S ' ELSE '' END ||
                    CASE WHEN bridge_ew THEN 'E-W' ELSE '' END) AS axes
        FROM tiles WHERE piece_key IS NULL AND (bridge_ns OR bridge_ew);

CREATE VIEW set_pennants AS
        SELECT s.set_id, coalesce(sum(t.count * t.pennants), 0) AS pennants,
               coalesce(sum(CASE WHEN t.pennants > 0 THEN t.count END), 0) AS tiles_with_pennants
        FROM sets s LEFT JOIN tiles t ON t.set_id = s.set_id AND t.piece_key IS NULL
        GROUP BY s.set_id;

-- Tile types and tiles per set and group, with a '*' row per set for the total.
CREATE VIEW set_totals AS
        SELECT set_id, tile_group, count(*) AS types, sum(count) AS tiles
        FROM tiles WHERE piece_key IS NULL GROUP BY set_id, tile_group
        UNION ALL
        SELECT set_id, '*', count(*), sum(count)
        FROM tiles WHERE piece_key IS NULL GROUP BY set_id;

-- Every feature with its set and tile ids (piece cells included, piece_id set for them).
CREATE VIEW feature_list AS
        SELECT t.set_id, t.tile_id, p.piece_id, f.seq, f.feature_id, f.kind, f.positions,
               f.pennants, f.besieger, f.cathedral, f.end_kind, f.junction, f.overpass, f.inn,
               f.line
        FROM features f JOIN tiles t USING (tile_key) LEFT JOIN pieces p USING (piece_key);

-- Field-city adjacency resolved to the city feature (city_key NULL when the id names no city).
CREATE VIEW field_cities AS
        SELECT t.set_id, t.tile_id, f.feature_id AS field_id, ft.city_id,
               c.feature_key AS city_key
        FROM field_touches ft
        JOIN features f ON f.feature_key = ft.feature_key
        JOIN tiles t ON t.tile_key = f.tile_key
        LEFT JOIN features c ON c.tile_key = f.tile_key AND c.feature_id = ft.city_id
                             AND c.kind = 'city';

CREATE VIEW piece_cells AS
        SELECT p.set_id, p.piece_id, t.cell_x AS x, t.cell_y AS y, t.tile_key, t.sides
        FROM pieces p JOIN tiles t ON t.piece_key = p.piece_key;
