{
  "seed": 0,
  "map": {
    "spec": "cave",
    "width": 75,
    "height": 75,
    "cellSizeM": 1,
    "hash": "sha256:986299231a075c4f0f582fafb85f890d23ab8305841b6173f6ef6fa8bc833a86"
  },
  "robots": 1,
  "algorithm": "frontier",
  "comm": "global",
  "radio": {
    "latencyMs": 0,
    "bandwidthBytesPerS": null,
    "lossProbability": 0
  },
  "spawn": "together",
  "robotProfile": "maes",
  "startPoses": [
    {
      "xM": 37.5,
      "yM": 37.5,
      "headingRad": 0
    }
  ],
  "target": 1,
  "maxTicks": 36000,
  "ticks": 3626,
  "simSeconds": 362.59999999999997,
  "wallSeconds": 0.5035588640000005,
  "speedOverRealTime": 720.074704116418,
  "workers": 1,
  "controllersOnThreads": false,
  "exploredFraction": 1,
  "coveredFraction": 0.0954129711751663,
  "explorationTicks": 3626,
  "coverageTicks": null,
  "success": true,
  "explorableCells": 3608,
  "unreachableFreeCells": 0,
  "unreachableFreeFraction": 0,
  "distanceTotal": 668.1597923649184,
  "distancePerRobot": [
    668.1597923649184
  ],
  "efficiency": 5.399905892615393,
  "collisions": 0,
  "completeness": 0.9786128564523925,
  "mapQuality": 0.9786128564523925,
  "messagesSent": 0,
  "bytesSent": 0,
  "messagesReceived": 0,
  "bytesReceived": 0,
  "perRobot": {
    "messagesSent": [
      0
    ],
    "bytesSent": [
      0
    ],
    "messagesReceived": [
      0
    ],
    "bytesReceived": [
      0
    ]
  },
  "commGroups": 1,
  "clampWarnings": 0,
  "finalStateHash": "63ffcf241281412c"
}
