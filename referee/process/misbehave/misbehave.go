// Package misbehave is a bot that misbehaves on purpose, one way per
// name: the referee's tests run it as a real process to prove that every
// kind of misbehaviour ends as the right fault and harms nobody else.
//
// Behaviours: good (plays randomly), builtin:NAME (a built-in bot),
// hang-start, exit-now, bad-version, hang-mid, crash-mid, garbage,
// long-line, illegal, wrong-id, twice, fork-child, memory-hog, cpu-spin,
// fork-bomb, connect (dials $CARDREF_DIAL), read-file (reads
// $CARDREF_READ), stdout-flood, stderr-flood, close-stdout, ignore-term,
// bad-utf8, deep-json, huge-json, slow-once.
package misbehave

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"cardref/bots"
	"cardref/protocol"
)

// Run plays the named behaviour on stdin and stdout until the referee says
// bye, stops it, or the behaviour ends it.
func Run(behaviour string) {
	if behaviour == "good" || strings.HasPrefix(behaviour, "builtin:") {
		name := strings.TrimPrefix(behaviour, "builtin:")
		if name == "good" {
			name = "random"
		}
		if err := bots.Serve(name, os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if behaviour == "stderr-flood" {
		go func() {
			junk := []byte(strings.Repeat("noise on stderr ", 4096) + "\n")
			for {
				os.Stderr.Write(junk)
			}
		}()
		if err := bots.Serve("random", os.Stdin, os.Stdout, os.Stderr); err != nil {
			os.Exit(1)
		}
		return
	}
	if behaviour == "exit-now" {
		fmt.Fprintln(os.Stderr, "fatal: cannot load my model")
		os.Exit(3)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := os.Stdout
	say := func(v any) {
		b, _ := json.Marshal(v)
		out.Write(append(b, '\n'))
	}
	requests := 0
	for in.Scan() {
		var env struct {
			Type  string          `json:"type"`
			ID    int64           `json:"id"`
			Legal []protocol.Move `json:"legal"`
		}
		_ = json.Unmarshal(in.Bytes(), &env)
		switch env.Type {
		case "hello":
			switch behaviour {
			case "hang-start":
				time.Sleep(time.Hour)
			case "bad-version":
				say(map[string]any{"type": "ready", "name": "old", "protocol": 99})
				continue
			case "cpu-spin":
				// It thinks on everyone's time, forever, on two threads.
				for range 2 {
					go func() {
						x := 0
						for {
							x++
						}
					}()
				}
			case "fork-child":
				// A child that holds stdout open and sleeps; the bot itself
				// exits at its first request.
				child := exec.Command("sleep", "600")
				child.Stdout = os.Stdout
				_ = child.Start()
			}
			say(map[string]any{"type": "ready", "name": behaviour})
		case "request":
			requests++
			move := map[string]any{"type": "move", "id": env.ID, "move": env.Legal[0]}
			switch {
			case behaviour == "hang-mid" && requests == 3:
				time.Sleep(time.Hour)
			case behaviour == "crash-mid" && requests == 3:
				fmt.Fprintln(os.Stderr, "Traceback (most recent call last):\n  IndexError: list index out of range")
				os.Exit(1)
			case behaviour == "garbage":
				fmt.Fprintln(out, "thinking about it...")
			case behaviour == "long-line":
				chunk := []byte(strings.Repeat("x", 64<<10))
				for range 48 { // 3 MiB, no newline
					out.Write(chunk)
				}
				time.Sleep(time.Hour)
			case behaviour == "illegal":
				say(map[string]any{"type": "move", "id": env.ID, "move": map[string]string{"card": "QX"}})
			case behaviour == "wrong-id":
				move["id"] = env.ID + 7
				say(move)
			case behaviour == "twice":
				say(move)
				say(move)
			case behaviour == "fork-child":
				os.Exit(0)
			case behaviour == "cpu-spin" && requests == 3:
				x := 0
				for {
					x++
				}
			case behaviour == "memory-hog":
				var hoard [][]byte
				for {
					b := make([]byte, 8<<20)
					for i := 0; i < len(b); i += 4096 {
						b[i] = 1 // touch every page
					}
					hoard = append(hoard, b)
				}
			case behaviour == "fork-bomb":
				var kids []*exec.Cmd
				for {
					k := exec.Command("sleep", "600")
					if k.Start() == nil {
						kids = append(kids, k)
					}
				}
			case behaviour == "connect":
				c, err := net.Dial("tcp", os.Getenv("CARDREF_DIAL"))
				if err != nil {
					fmt.Fprintln(os.Stderr, "dial:", err)
					os.Exit(1)
				}
				c.Write([]byte("hello from a bot\n"))
				c.Close()
				say(move)
			case behaviour == "read-file":
				data, err := os.ReadFile(os.Getenv("CARDREF_READ"))
				if err != nil {
					fmt.Fprintln(os.Stderr, "read:", err)
					os.Exit(3)
				}
				fmt.Fprintf(os.Stderr, "read %d bytes\n", len(data))
				say(move)
			case behaviour == "stdout-flood":
				for range 100000 {
					fmt.Fprintln(out, "spam spam spam")
				}
				time.Sleep(time.Hour)
			case behaviour == "close-stdout":
				out.Close()
				time.Sleep(time.Hour)
			case behaviour == "bad-utf8":
				out.Write([]byte("{\"type\":\"move\",\"id\":1,\"move\":{\"card\":\"\xff\xfe\"}}\n"))
			case behaviour == "deep-json":
				fmt.Fprintf(out, "{\"type\":\"move\",\"id\":%d,\"move\":{\"cards\":%s%s}}\n", env.ID, strings.Repeat("[", 100000), strings.Repeat("]", 100000))
			case behaviour == "huge-json":
				fmt.Fprintf(out, "{\"type\":\"move\",\"id\":%d,\"move\":{\"card\":\"%s\"}}\n", env.ID, strings.Repeat("Q", 3<<20))
				time.Sleep(time.Hour)
			case behaviour == "slow-once" && requests == 2:
				time.Sleep(700 * time.Millisecond) // uses the time bank
				say(move)
			default:
				say(move)
			}
		case "bye":
			if behaviour == "ignore-term" {
				signal.Ignore(syscall.SIGTERM)
				time.Sleep(time.Hour)
			}
			return
		}
	}
}

// TokenVar names the variable a test sets on each misbehaving bot, with a
// value of its own, so that it can find every process the bot left.
const TokenVar = "CARDREF_FAKEBOT_TOKEN"

// Survivors waits up to wait for every live process (zombies aside) started
// with token to end, and returns those that did not.
func Survivors(token string, wait time.Duration) []int {
	deadline := time.Now().Add(wait)
	for {
		var pids []int
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			var pid int
			if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
				continue
			}
			env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
			if err != nil || !strings.Contains(string(env), TokenVar+"="+token+"\x00") {
				continue
			}
			stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if i := strings.LastIndexByte(string(stat), ')'); i > 0 && len(stat) > i+2 && stat[i+2] == 'Z' {
				continue
			}
			pids = append(pids, pid)
		}
		if len(pids) == 0 || time.Now().After(deadline) {
			return pids
		}
		time.Sleep(20 * time.Millisecond)
	}
}
