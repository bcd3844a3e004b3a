// Command pause is the pod sandbox's process, as Kubernetes' own pause image (build/pause): it
// holds the pod's namespaces, reaps the zombies of processes that share its PID namespace and
// exits on SIGINT or SIGTERM. Built static (CGO_ENABLED=0) into an image FROM scratch.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for sig := range signals {
		if sig != syscall.SIGCHLD {
			os.Exit(0)
		}
		for {
			pid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
	}
}
