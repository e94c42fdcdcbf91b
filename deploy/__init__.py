"""Running normviz as a fleet: replicas on loopback ports behind nginx (``make serve``), and Kubernetes."""
