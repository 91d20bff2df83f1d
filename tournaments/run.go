package tournaments

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"cardref/referee"
	"cardref/referee/games"
	"cardref/referee/match"
	"cardref/referee/process"
)

// Runner plays a tournament into a results folder.
type Runner struct {
	Config      *Config
	Out         string // results folder; default Config.Out or results/<name>
	Concurrency int    // games at once; default Config.Concurrency or the CPUs
	// BuiltinArgv is how a built-in bot is run: the referee's own program
	// with "bot NAME".
	BuiltinArgv func(name string) []string
	Progress    Progress
}

// Progress follows a run.
type Progress interface {
	Start(total, done int)
	Done(g *GameLine, faults int)
	Finish()
}

// ErrConfigChanged refuses to resume a folder made with another config.
var ErrConfigChanged = errors.New("the results folder was made with a different configuration")

// OutDir is where results go.
func (r *Runner) OutDir() string {
	switch {
	case r.Out != "":
		return r.Out
	case r.Config.Out != "":
		return r.Config.Out
	}
	return filepath.Join("results", r.Config.Name)
}

// Run plays every game not yet in the results folder. Running it again
// after a crash or an interrupt resumes: finished games are kept, the others
// are played from their seeds, nothing is played twice.
func (r *Runner) Run(ctx context.Context) (*Meta, error) {
	c := r.Config
	rules, err := games.Lookup(c.Game)
	if err != nil {
		return nil, err
	}
	jobs, err := c.Schedule()
	if err != nil {
		return nil, err
	}
	dir := r.OutDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the results folder: %w", err)
	}
	meta, err := r.prepare(dir, len(jobs))
	if err != nil {
		return nil, err
	}
	done, good, err := ReadGames(filepath.Join(dir, GamesFile))
	if err != nil {
		return nil, err
	}
	finished := map[string]bool{}
	faults := 0
	for _, g := range done {
		finished[g.ID] = true
		faults += len(g.Faults)
	}
	var todo []Job
	for _, j := range jobs {
		if !finished[j.ID] {
			todo = append(todo, j)
		}
	}
	out, err := openAppender(dir, good)
	if err != nil {
		return nil, err
	}
	defer out.close()

	workers := r.workers()
	if r.Progress != nil {
		r.Progress.Start(len(jobs), len(jobs)-len(todo))
		defer r.Progress.Finish()
	}
	feed := make(chan Job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range min(workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range feed {
				line, err := r.play(ctx, rules, meta.Seed, j)
				if err == nil {
					err = out.write(line)
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil && ctx.Err() == nil {
						firstErr = fmt.Errorf("game %s: %w", j.ID, err)
					}
					mu.Unlock()
					continue
				}
				if r.Progress != nil {
					mu.Lock()
					r.Progress.Done(line, len(line.Faults))
					mu.Unlock()
				}
			}
		}()
	}
send:
	for _, j := range todo {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
		select {
		case feed <- j:
		case <-ctx.Done():
			break send
		}
	}
	close(feed)
	wg.Wait()
	if firstErr != nil {
		return meta, firstErr
	}
	if err := ctx.Err(); err != nil {
		return meta, fmt.Errorf("interrupted; the finished games are saved, and running the same command again resumes: %w", err)
	}
	return meta, nil
}

// prepare checks or creates the folder's metadata and fixes the seed.
func (r *Runner) prepare(dir string, scheduled int) (*Meta, error) {
	c := r.Config
	metaPath := filepath.Join(dir, MetaFile)
	raw, err := os.ReadFile(metaPath)
	if err == nil {
		var m Meta
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("%s is damaged (%v): use a new --out folder", metaPath, err)
		}
		if m.ConfigHash != c.Hash() {
			why := ""
			if old, err := LoadConfig(filepath.Join(dir, ConfigCopy)); err == nil {
				if d := c.diff(old); len(d) > 0 {
					why = " (changed: " + strings.Join(d, "; ") + ")"
				}
			}
			return nil, fmt.Errorf("%w%s: %s holds the results of the configuration saved in %s. Restore that configuration to resume, or give a new folder with --out",
				ErrConfigChanged, why, dir, filepath.Join(dir, ConfigCopy))
		}
		return &m, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	seed := randomSeed()
	if c.Seed != nil {
		seed = *c.Seed
	}
	m := &Meta{Format: "cardref-tournament/1", Name: c.Name, Game: c.Game, ConfigHash: c.Hash(), Seed: seed, Scheduled: scheduled}
	src, err := os.ReadFile(c.Path)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, ConfigCopy), src, 0o644); err != nil {
		return nil, err
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := writeSynced(metaPath, append(b, '\n')); err != nil {
		return nil, err
	}
	return m, nil
}

func writeSynced(path string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 1
}

// play runs one game with fresh bot processes.
func (r *Runner) play(ctx context.Context, rules referee.Rules, master uint64, j Job) (*GameLine, error) {
	c := r.Config
	players := make([]match.Player, len(j.Seats))
	procs := make([]*process.Player, len(j.Seats))
	names := make([]string, len(j.Seats))
	infos := make([]match.BotInfo, len(j.Seats))
	for s, bi := range j.Seats {
		b := c.Bots[bi]
		spec := process.Spec{Name: b.Name, Dir: b.dir(c.Path), Startup: c.Limits.Startup, MoveLimit: c.Limits.Move,
			TimeBank: c.Limits.TimeBank, PauseIdle: r.pauseIdle(len(j.Seats)), Lenient: c.OnFault == PolicySubstitute}
		if c.Sandbox.Enabled {
			lim := c.Sandbox.Limits
			if b.Sandbox != nil {
				lim = *b.Sandbox
			}
			spec.Limits = &lim
			spec.Hide = c.hideFrom(bi)
		}
		info := match.BotInfo{Seat: s, Name: b.Name, Builtin: b.Builtin}
		switch {
		case b.Builtin != "":
			spec.Argv = r.BuiltinArgv(b.Builtin)
		case b.Shell:
			spec.Argv = []string{"/bin/sh", "-c", "exec " + b.Command[0]}
			info.Command = b.Command[0]
		default:
			spec.Argv = b.Command
			info.Command = strings.Join(b.Command, " ")
		}
		keys := make([]string, 0, len(b.Env))
		for k := range b.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			spec.Env = append(spec.Env, k+"="+b.Env[k])
		}
		procs[s] = &process.Player{Spec: spec}
		players[s], names[s], infos[s] = procs[s], b.Name, info
	}
	defer func() {
		for _, p := range procs {
			p.Close()
		}
	}()
	sub := 0
	if c.OnFault == PolicySubstitute {
		sub = c.Strikes
	}
	rec, err := match.Play(ctx, match.Config{Rules: rules, Options: c.Options, Seed: DealSeed(master, j.Deal), GameID: j.ID,
		Names: names, Bots: infos, MoveLimit: c.Limits.Move, TimeBank: c.Limits.TimeBank, Substitute: sub, Reveal: c.Reveal}, players)
	if err != nil {
		return nil, err
	}
	return &GameLine{Record: *rec, Table: j.Table, Deal: j.Deal, Rotation: j.Rotation, Cluster: j.Cluster}, nil
}

// pauseIdle decides whether idle bots are stopped between turns: on when
// the bots of the games at once would share the CPUs, or as the config says.
func (r *Runner) pauseIdle(seats int) bool {
	switch r.Config.PauseIdle {
	case "true":
		return true
	case "false":
		return false
	}
	return r.workers()*seats > runtime.NumCPU()
}

func (r *Runner) workers() int {
	switch {
	case r.Concurrency > 0:
		return r.Concurrency
	case r.Config.Concurrency > 0:
		return r.Config.Concurrency
	}
	return runtime.NumCPU()
}

// hideFrom lists the other bots' folders that bot i may not see: every
// other bot's folder, but its own and any folder that holds its own.
func (c *Config) hideFrom(i int) []string {
	own, _ := filepath.Abs(c.Bots[i].dir(c.Path))
	var out []string
	seen := map[string]bool{}
	for j, b := range c.Bots {
		if j == i || b.Dir == "" {
			continue
		}
		d, _ := filepath.Abs(b.dir(c.Path))
		if own != "" && (d == own || strings.HasPrefix(own+"/", d+"/")) || seen[d] {
			continue
		}
		seen[d] = true
		out = append(out, d)
	}
	return out
}

// LineProgress writes a plain line now and then: for logs and pipes.
type LineProgress struct {
	W      io.Writer
	total  int
	done   int
	faults int
	start  time.Time
	last   time.Time
	base   int
}

// Start notes the work to do.
func (p *LineProgress) Start(total, done int) {
	p.total, p.done, p.base, p.start = total, done, done, time.Now()
	if done > 0 {
		fmt.Fprintf(p.W, "resuming: %d of %d games already played\n", done, total)
	}
}

// Done counts a finished game.
func (p *LineProgress) Done(g *GameLine, faults int) {
	p.done++
	p.faults += faults
	if time.Since(p.last) < time.Second && p.done < p.total {
		return
	}
	p.last = time.Now()
	rate := float64(p.done-p.base) / time.Since(p.start).Seconds()
	eta := "-"
	if rate > 0 {
		eta = (time.Duration(float64(p.total-p.done)/rate) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(p.W, "%d/%d games  %.1f games/s  ETA %s  faults %d\n", p.done, p.total, rate, eta, p.faults)
}

// Finish does nothing more.
func (p *LineProgress) Finish() {}
