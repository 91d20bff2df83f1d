package tournaments

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"cardref/referee/match"
)

// File names in a results folder.
const (
	GamesFile  = "games.jsonl"
	MetaFile   = "tournament.json"
	ConfigCopy = "config.yaml"
)

// GameLine is one line of games.jsonl: a complete game record (so that
// `referee replay` reads it as it is) and its place in the schedule.
type GameLine struct {
	match.Record
	Table    int    `json:"table"`
	Deal     int    `json:"deal"`
	Rotation int    `json:"rotation"`
	Cluster  string `json:"cluster"`
}

// Meta describes a results folder.
type Meta struct {
	Format     string `json:"format"` // "cardref-tournament/1"
	Name       string `json:"name"`
	Game       string `json:"game"`
	ConfigHash string `json:"config_hash"`
	Seed       uint64 `json:"seed"`
	Scheduled  int    `json:"scheduled"`
}

// ReadGames reads the finished games of a results file. A last line cut
// short by a crash is ignored (and its offset returned, so that a runner
// can cut it off); a damaged line elsewhere is an error, never silently
// dropped.
func ReadGames(path string) (games []GameLine, goodBytes int64, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var offset int64
	for ln := 1; ; ln++ {
		line, err := r.ReadBytes('\n')
		if len(line) == 0 && err == io.EOF {
			return games, offset, nil
		}
		complete := err == nil
		if err != nil && err != io.EOF {
			return nil, 0, err
		}
		var g GameLine
		if jerr := json.Unmarshal(bytes.TrimSpace(line), &g); jerr != nil || g.ID == "" {
			if !complete {
				return games, offset, nil // a write cut short by a crash
			}
			return nil, 0, fmt.Errorf("%s:%d is damaged (%v); move the file aside to start again, or delete that line to replay the game", path, ln, jerr)
		}
		if !complete {
			return games, offset, nil
		}
		offset += int64(len(line))
		games = append(games, g)
	}
}

// appender appends game lines and syncs each one to disk before it counts.
type appender struct {
	mu sync.Mutex
	f  *os.File
}

func openAppender(dir string, goodBytes int64) (*appender, error) {
	path := filepath.Join(dir, GamesFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	// Cut off a partial line left by a crash.
	if err := f.Truncate(goodBytes); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(goodBytes, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &appender{f: f}, nil
}

func (a *appender) write(g *GameLine) error {
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, err := a.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return a.f.Sync()
}

func (a *appender) close() error { return a.f.Close() }
